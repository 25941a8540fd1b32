import { sql } from "kysely"
import type { Db } from "../database.ts"

type Progress = (table: string, done: number, total: number) => void

/**
 * Website content at scale: blogs, gallery, experts, testimonials and press, each row reusing a
 * picture the demo content already stored (the seed writes no files). Without demo content there
 * is no picture to point at, and the table is reported as skipped (0 of 0).
 */
export async function seedScaleContent(db: Db, sizes: { blogs: number; cards: number }, onProgress: Progress): Promise<void> {
  const series = (n: number) => sql`generate_series(1, ${sql.lit(n)}) g`
  const tables: Array<{ table: string; picture: string; total: number; insert: (n: number) => ReturnType<typeof sql> }> = [
    {
      table: "blogs",
      picture: "image",
      total: sizes.blogs,
      insert: (n) => sql`
        insert into blogs (id, blog_name, title, keyword, description, about, image, slug, status, created_by, created_at, updated_at)
        select 'scale-b-' || g, 'Wellness notes ' || g, 'Everyday wellbeing, part ' || g, 'wellbeing, habits',
          'Short practical notes on sleep, food and calm (' || g || ').', '<p>Small habits, repeated, change how a week feels. Part ' || g || '.</p>',
          p.image, 'scale-wellness-notes-' || g, g % 10 <> 0, null, now() - g * interval '3 hours', now() - g * interval '3 hours'
        from ${series(n)}, (select image from blogs order by created_at limit 1) p`,
    },
    {
      table: "gallery_items",
      picture: "image",
      total: sizes.cards,
      insert: (n) => sql`
        insert into gallery_items (id, image, created_by, created_at)
        select 'scale-g-' || g, p.image, null, now() - g * interval '5 hours' from ${series(n)}, (select image from gallery_items order by created_at limit 1) p`,
    },
    {
      table: "experts",
      picture: "avatar",
      total: sizes.cards,
      insert: (n) => sql`
        insert into experts (id, name, designation, avatar, created_at, updated_at)
        select 'scale-x-' || g, 'Expert ' || g, 'Consultant', p.avatar, now() - g * interval '5 hours', now() - g * interval '5 hours'
        from ${series(n)}, (select avatar from experts order by created_at limit 1) p`,
    },
    {
      table: "testimonials",
      picture: "avatar",
      total: sizes.cards,
      insert: (n) => sql`
        insert into testimonials (id, name, summery, avatar, created_at, updated_at)
        select 'scale-m-' || g, 'Client ' || g, 'The sessions helped me build a routine that stuck.', p.avatar, now() - g * interval '5 hours', now() - g * interval '5 hours'
        from ${series(n)}, (select avatar from testimonials order by created_at limit 1) p`,
    },
    {
      table: "press_items",
      picture: "thumbnail",
      total: sizes.cards,
      insert: (n) => sql`
        insert into press_items (id, link, type, thumbnail, created_at, updated_at)
        select 'scale-p-' || g, 'https://news.example/story-' || g, p.type, p.thumbnail, now() - g * interval '5 hours', now() - g * interval '5 hours'
        from ${series(n)}, (select type, thumbnail from press_items order by created_at limit 1) p`,
    },
  ]
  for (const { table, total, insert } of tables) {
    const any = await sql<{ n: number }>`select count(*)::int as n from (select 1 from ${sql.table(table)} limit 1) t`.execute(db)
    if (!any.rows[0]?.n) {
      onProgress(`${table} (skipped: no demo picture)`, 0, 0)
      continue
    }
    onProgress(table, 0, total)
    await insert(total).execute(db)
    onProgress(table, total, total)
  }
}
