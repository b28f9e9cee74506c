// Items a quiet-hours summary keeps stories of; a night with more only counts the rest, so the state stays bounded.
export const HELD_LIMIT = 1_000;
