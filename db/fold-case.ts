/** Case-insensitive comparison key for searches, the same in every script (Ñ and ñ compare equal). */
export function foldCase(text: string): string {
  return text.normalize('NFC').toLowerCase();
}
