/** Query keys of the auth feature; invalidate through these, never through literal arrays. */
export const authKeys = {
  all: ['auth'] as const,
  /** One puzzle per `attempt`: a puzzle is used up by one login, so a new attempt number means a new puzzle. */
  captcha: (attempt: number) => [...authKeys.all, 'captcha', attempt] as const,
};
