import type { ColumnType, Generated } from "kysely"

/** One in-app notification for one person (migration 0015). */
export interface InboxTable {
  id: Generated<string>
  /** bigserial: pg returns it as text. */
  seq: ColumnType<string, never, never>
  user_id: string
  kind: string
  /** Which email template it was told with, and the fields that filled it (secret links masked). */
  template: string
  fields: ColumnType<Record<string, string>, string, string>
  entity_type: string
  entity_id: string
  title: string
  /** Where in the console the notification leads (a path). */
  link: string
  created_at: ColumnType<Date, Date, never>
  read_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

/** A person's mail choice for one kind, where it differs from the kind's default. */
export interface NotificationPreferencesTable {
  user_id: string
  kind: string
  mail: boolean
}

/** An Admin's own wording of one email template. */
export interface NotificationTemplatesTable {
  id: string
  subject: string
  body: string
  updated_at: Date
  updated_by: string | null
}
