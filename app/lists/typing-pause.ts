/** The pause after the last keystroke before a list's typed filter (its search) is applied: useApplyAsChanged. */
export const TYPING_PAUSE_MS = 400
