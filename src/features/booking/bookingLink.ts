import { paths } from '../../routing/paths';

/** The plans page's booking section: the dashboard's entry leads to it. */
export const BOOKING_SECTION_ID = 'booking';
export const bookingPath = `${paths.plans}#${BOOKING_SECTION_ID}`;
