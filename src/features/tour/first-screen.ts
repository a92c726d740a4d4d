/** Stations of the tour's list rendered at once: more than a phone screen shows (about ten below the header, at 4.5 rem each), so the first frame is complete. */
export const FIRST_SCREEN_STATIONS = 12;
