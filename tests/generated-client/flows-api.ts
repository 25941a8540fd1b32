/**
 * The flows of flows.ts as the test calls them. Kept apart from flows.ts, which imports the generated
 * types, so the test (and the project's typecheck) can name them on a checkout where nothing is generated
 * yet; flows.ts conforms to it, which tsc checks with the flows.
 */
export interface Flows {
  vendorApproval(baseUrl: string): Promise<{ answered: string; profile?: string; lastChange?: string }>
  ticketToFeedback(
    baseUrl: string,
    png: Uint8Array<ArrayBuffer>,
  ): Promise<{ hasImage: boolean; imageType: string | null; answers: unknown[]; rated?: number | null }>
  enquiryToSession(baseUrl: string, email: string, date: string): Promise<{ session: unknown; counsellorId: string | null; expected: string }>
  blogWithImage(baseUrl: string, png: Uint8Array<ArrayBuffer>): Promise<{ created: { _id: string }; listed: boolean; details: unknown }>
  csvExport(baseUrl: string): Promise<{ status: number; type: string | null; csv: string }>
}
