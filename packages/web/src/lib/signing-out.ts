/**
 * True while 'Logg ut' is under way: it goes to / and forgets the session's data. A page for
 * signed-in users that is still on screen for that moment must not send the visitor to the login
 * page (with itself as `next`) before the front page arrives; AppRoutes clears it once the next page
 * is on screen (the front page, or wherever the visitor went meanwhile).
 */
let signingOut = false;

export const isSigningOut = () => signingOut;

export function setSigningOut(value: boolean): void {
  signingOut = value;
}
