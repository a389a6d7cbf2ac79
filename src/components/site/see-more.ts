/**
 * Texts longer than this get the see-more wrapper: about what 184 px (the spec's cut) holds on a phone.
 * Shorter ones are given plain, so no toggle appears and then goes.
 */
export const SEE_MORE_MIN_CHARS = 320;
