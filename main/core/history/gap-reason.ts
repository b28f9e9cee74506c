// Why Vigil stopped watching a connection, as the record keeps it and as a sentence says it.
// 'switched' is kept for records from before every connection was watched at once.
const gapReasons = ['quit', 'switched', 'disabled', 'changed', 'suspended', 'unreachable', 'signed-out'] as const;
export type GapReason = (typeof gapReasons)[number];

export function gapReasonOf(text: unknown): GapReason | undefined {
  return gapReasons.find((reason) => reason === text);
}

/** The end of "Vigil was not watching Prod for 2 h: …". */
export function gapReasonPhrase(reason: GapReason | undefined): string {
  switch (reason) {
    case 'quit':
      return 'the app was closed';
    case 'switched':
      return 'another connection was active';
    case 'disabled':
      return 'the connection was turned off';
    case 'changed':
      return "the connection's settings changed";
    case 'suspended':
      return 'the computer slept or was offline';
    case 'unreachable':
      return 'the server could not be reached';
    case 'signed-out':
      return 'the server did not accept the token';
    case undefined:
      return 'Vigil was not running, or the computer slept';
  }
}
