/**
 * The stand-in's pages' icon, inline: without one a browser asks for /favicon.ico, which neither
 * the Auth stand-in nor the mailbox serves (a 404 in the console). Percent-encoded, no escaping needed.
 */
export const STAND_IN_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='4' fill='%233ecf8e'/%3E%3Cpath d='M9 2 4 9h4l-1 5 5-7H8z' fill='%231f2328'/%3E%3C/svg%3E";
