import { isVendorRole, type VendorStatus } from "../contract/common.ts"
import * as api from "../contract/vendors/vendors.endpoints.ts"
import { isPeopleSort, type ListRole, type ReviewListKind } from "../contract/vendors/vendor.ts"
import { call } from "../client.ts"
import { dayQuery } from "../day-query.ts"

export interface ListRequest {
  page: number
  limit: number
  search: string
  /** One of the people lists' sorts; another value, or none, is the list's own order (newest first). */
  sort?: string
  /** A review list's Role filter ("" or absent: every vendor role). */
  filters?: Record<string, string>
  /** The Joined days as instants (`to` exclusive); "" or absent: open. */
  from?: string
  to?: string
}

const pageQuery = ({ page, limit, search, sort, from = "", to = "" }: ListRequest) => ({
  page: String(page),
  limit: String(limit),
  ...(search.trim() ? { search: search.trim() } : {}),
  ...(isPeopleSort(sort) ? { sort } : {}),
  ...dayQuery({ from, to }),
})

export const fetchRoleList = (role: ListRole, request: ListRequest, organizationId?: string | null) =>
  call(api.roleList, { params: { role }, query: { ...pageQuery(request), ...(organizationId ? { organizationId } : {}) } })

export const fetchReviewList = (kind: ReviewListKind, request: ListRequest) => {
  const role = request.filters?.role ?? ""
  return call(api.reviewList, { params: { kind }, query: { ...pageQuery(request), ...(isVendorRole(role) ? { role } : {}) } })
}

export const updateUserStatus = (userId: string, status: VendorStatus, organizationId: string | null) =>
  call(api.updateUserStatus, { body: { userId, status, organizationId } })

export const fetchVendorDetails = (id: string) => call(api.vendorDetails, { params: { id } })

export const fetchStatusHistory = (id: string) => call(api.statusHistory, { params: { id } })

export const fetchCertificate = (id: string) => call(api.certificate, { params: { id } })
export const revealAccountNumber = (id: string, reason: string) => call(api.revealAccountNumber, { params: { id }, body: { reason } })
