/** A stack failure with a message for people: printed as one line, never a stack trace. */
export class StackError extends Error {}
