/** Sign-in toasts share one id, so the form's 'Login successful!' replaces the layer's toast. */
export const SIGN_IN_TOAST_ID = 'sign-in';

/** One 'Logout Error' at a time, however many sign-outs failed together. */
export const LOGOUT_ERROR_TOAST_ID = 'logout-error';
