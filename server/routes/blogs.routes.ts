import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/blogs/blog.endpoints.ts"
import type { AppDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import * as blogs from "../services/content/blogs.service.ts"
import * as revisions from "../services/content/blog-revisions.service.ts"

export function blogRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, api.createBlog, ({ body, files, caller }) => blogs.createBlog(deps, caller, body, files))
  route(app, api.listBlogs, ({ query }) => blogs.listAllBlogs(deps, query, false))
  route(app, api.getBlogDetails, ({ params }) => blogs.getBlogDetails(deps, params.id))
  route(app, api.updateBlog, ({ params, body, files, caller }) => blogs.updateBlog(deps, caller, params.id, body, files))
  route(app, api.deleteBlog, ({ params, caller }) => blogs.deleteBlog(deps, caller, params.id))
  route(app, api.updateBlogStatus, ({ params, body, caller }) => blogs.setBlogStatus(deps, caller, params.id, body.status))
  route(app, api.listBlogRevisions, ({ params }) => revisions.listBlogRevisions(deps, params.id))
  route(app, api.getBlogRevision, ({ params }) => revisions.getBlogRevision(deps, params.id, params.revision))
  route(app, api.restoreBlogRevision, ({ params, caller }) => revisions.restoreBlogRevision(deps, caller, params.id, params.revision))
}
