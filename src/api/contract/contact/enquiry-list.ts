/**
 * All Enquiries' definition, in two files: here what the route table reads, the title (also the page's
 * heading); in enquiry-list-screen.ts the other texts, the CSV file and the columns, which the table and the CSV
 * export take. Apart, so the first load of /login carries the title alone.
 */
export const enquiryList = { title: "All Enquiries" } as const
