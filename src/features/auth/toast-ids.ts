/** Sign-in toasts share one id, so the form's 'Login successful!' replaces the layer's toast. */
export const SIGN_IN_TOAST_ID = 'sign-in';
