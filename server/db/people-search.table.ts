/**
 * Search terms of every person, maintained by a trigger on users (migration 0006): each word of
 * the name, the whole name, the email and its local part's words, the number's digits.
 * Read only; never written by the application.
 */
export interface PeopleSearchTermsTable {
  user_id: string
  term: string
}
