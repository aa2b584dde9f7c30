/** The element id of a plan's card, which a link to the plan (?plan=) scrolls to. */
export const planElementId = (id: string) => `plan-${id}`;
