/** An operator command that refuses to act (the message says why and what to do); scripts exit 1 with it. */
export class Refused extends Error {}
