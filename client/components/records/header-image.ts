/** Banner of the procurement lists; decorative, as the page title says what the list is. */
export const LIST_HEADER_IMAGE = { src: '/media/headers/bids-1600.webp', alt: '' };
