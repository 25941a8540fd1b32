/**
 * The Blogs list's definition, in two files: here what the route table reads, the title (also the page's
 * heading); in blog-list-screen.ts the other texts, the CSV file and the columns, which the table and the CSV
 * export take. Apart, so the first load of /login carries the title alone.
 */
export const blogList = { title: "Blogs" } as const
