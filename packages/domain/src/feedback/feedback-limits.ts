// docs/product/error-reporting.md (Report a Bug): the longest description taken. Apart from the
// schemas so a page can name it without loading the validation library first.
export const FEEDBACK_MESSAGE_MAX = 2000
