/**
 * Type-level test, checked by `tsc -p .` (npm run typecheck): every OCDS mapping of every
 * record kind is required, so a kind that loses one no longer fits `RecordKind` and the
 * registry (`satisfies readonly RecordKind[]`) stops compiling. Nothing here runs.
 */
import type { OcdsStage, RecordKind, recordKinds } from '../../shared/record-kinds.ts';

type Kind = (typeof recordKinds)[number];
type Collection = Kind['collection'];
type KindOf<C extends Collection> = Extract<Kind, { collection: C }>;

/** The kind with one key of its OCDS stage left out. */
type WithoutMapping<K extends Kind, M extends PropertyKey> = Omit<K, 'ocds'> & {
  ocds: Omit<K['ocds'], M>;
};
/** The kind with one of its three release tags left out. */
type WithoutTag<K extends Kind, T extends PropertyKey> = Omit<K, 'ocds'> & {
  ocds: Omit<K['ocds'], 'tags'> & { tags: Omit<K['ocds']['tags'], T> };
};

type Mapping = keyof OcdsStage;
type Tag = keyof OcdsStage['tags'];

/** For every kind and every mapping: is the kind without it still a RecordKind? */
type AcceptedWithoutMapping = {
  [C in Collection]: {
    [M in Mapping]: WithoutMapping<KindOf<C>, M> extends RecordKind ? true : false;
  }[Mapping];
}[Collection];
type AcceptedWithoutTag = {
  [C in Collection]: {
    [T in Tag]: WithoutTag<KindOf<C>, T> extends RecordKind ? true : false;
  }[Tag];
}[Collection];

/** Exactly the same type (not merely assignable: `false` would also fit `boolean`). */
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

export const noKindWithoutAMapping: Equal<AcceptedWithoutMapping, false> = true;
export const noKindWithoutATag: Equal<AcceptedWithoutTag, false> = true;

// The checks above must not pass by being vacuous: the kinds as registered are RecordKinds,
// and the mappings and tags left out are all those the registry declares.
export const registeredKindsFit: Kind extends RecordKind ? true : false = true;
export const mappingsChecked: Equal<
  Mapping,
  'stage' | 'tags' | 'documentType' | 'procurementMethod'
> = true;
export const tagsChecked: Equal<Tag, 'posted' | 'amended' | 'withdrawn'> = true;

// The same, spelt out for one kind: a Public Bidding list whose document type was removed.
declare const publicBidding: KindOf<'public_bidding'>;
declare const withoutDocumentType: Omit<KindOf<'public_bidding'>['ocds'], 'documentType'>;
// @ts-expect-error -- documentType is missing from the OCDS stage
export const refused: RecordKind = { ...publicBidding, ocds: withoutDocumentType };
