/** A launch or login refused: `status` for the page, `message` for the person who launched it. */
export class LtiLaunchError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404,
    message: string,
  ) {
    super(message);
    this.name = 'LtiLaunchError';
  }
}
