/** The characters text a person reads may not hold, as patterns the checks and the OpenAPI documents share. */

/** A control character (Cc) or a line or paragraph separator: never in a line of text. */
export const CONTROL_PATTERN = '[\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029]';
/** The same, but for the line feed that separates the lines of a multi-line text. */
export const CONTROL_EXCEPT_NEWLINE_PATTERN = '[\\u0000-\\u0009\\u000B-\\u001F\\u007F-\\u009F\\u2028\\u2029]';
