import type { Picture as PictureContent } from '../../../shared/content-types.ts';
import { Picture } from './Picture.tsx';

/** A card's width in `.card-grid`: one column, two from 40rem, three of 22rem from 60rem. */
const CARD_SIZES = '(min-width: 60rem) 22rem, (min-width: 40rem) 45vw, 100vw';

/** The picture at the top of a grid card; the page's first card passes `eager` (it is above the fold). */
export function CardPicture({ image, eager }: { image: PictureContent; eager?: boolean }) {
  return <Picture image={image} sizes={CARD_SIZES} eager={eager} />;
}
