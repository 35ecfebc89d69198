/** Identifiers reach SQL only after a catalogue lookup, and always quoted; values only as `$n`. */
export const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;
