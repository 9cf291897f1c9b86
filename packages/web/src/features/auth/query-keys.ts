/** SWR keys of what the auth feature reads. */
export const authKeys = {
  /** One user's record (username, e-mail), by id. */
  user: (userId: string) => ['user', userId] as const,
};
