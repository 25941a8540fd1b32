/**
 * Search terms of every person, maintained by triggers on users (migration 0006): each word of
 * the name, the whole email, the number's digits.
 * Read only; never written by the application.
 */
export interface PeopleSearchTermsTable {
  user_id: string
  term: string
}
