/** The element of an offered course on the booking page: a link to the course scrolls to it. */
export const offerElementId = (offerId: string) => `offer-${offerId}`;
