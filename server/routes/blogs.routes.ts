import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/blogs/blog.endpoints.ts"
import type { RouteDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import * as blogs from "../services/content/blogs.service.ts"
import * as revisions from "../services/content/blog-revisions.service.ts"
import * as schedules from "../services/content/blog-schedule.service.ts"

export function blogRoutes(app: FastifyInstance, deps: RouteDeps): void {
  // A schedule wakes this instance's sweeper at its time (app.ts puts due schedules live in the sweep).
  const scheduling = { ...deps, wake: (at: Date) => deps.postman.wake(at) }
  route(app, api.createBlog, ({ body, files, caller }) => blogs.createBlog(deps, caller, body, files))
  route(app, api.listBlogs, ({ query }) => blogs.listAllBlogs(deps, query, false))
  route(app, api.getBlogDetails, ({ params }) => blogs.getBlogDetails(deps, params.id))
  route(app, api.updateBlog, ({ params, body, files, caller }) => blogs.updateBlog(deps, caller, params.id, body, files))
  route(app, api.deleteBlog, ({ params, caller }) => blogs.deleteBlog(deps, caller, params.id))
  route(app, api.updateBlogStatus, ({ params, body, caller }) => blogs.setBlogStatus(deps, caller, params.id, body.status))
  route(app, api.listBlogRevisions, ({ params }) => revisions.listBlogRevisions(deps, params.id))
  route(app, api.getBlogRevision, ({ params }) => revisions.getBlogRevision(deps, params.id, params.revision))
  route(app, api.restoreBlogRevision, ({ params, caller }) => revisions.restoreBlogRevision(deps, caller, params.id, params.revision))
  route(app, api.getBlogSchedule, ({ params }) => schedules.getBlogSchedule(deps, params.id))
  route(app, api.scheduleBlog, ({ params, body, files, caller }) => schedules.scheduleBlog(scheduling, caller, params.id, body, files))
  route(app, api.cancelBlogSchedule, ({ params, caller }) => schedules.cancelBlogSchedule(deps, caller, params.id))
}
