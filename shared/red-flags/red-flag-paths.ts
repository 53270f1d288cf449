/** The public list of flagged projects by year, its method, and its data. */
export const RED_FLAGS_PATH = '/red-flags';
export const RED_FLAGS_METHODOLOGY_PATH = '/red-flags/methodology';
export const RED_FLAGS_API_PATH = '/api/red-flags';
