/** The element of an offered course on the booking page: a link to the course scrolls to it. */
export const offerElementId = (offerId: string) => `offer-${offerId}`;

/** The notice of a place held for a waiting request: the offer e-mail's link scrolls to it. */
export const heldElementId = (requestId: string) => `held-${requestId}`;
