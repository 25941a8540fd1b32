import { Suspense } from "react"
import { Center, Spinner } from "@chakra-ui/react"
import { Route, Switch } from "wouter"
import { Guarded } from "./guarded.tsx"
import { lazyScreen } from "./lazy-screen.ts"
import { routes } from "./routes.ts"
import { NotFoundPage } from "../pages/not-found.page.tsx"
import { ConnectionBanner } from "../components/connection-banner.tsx"

// The layout (menus, drawer, dialogs) is not needed to sign in: keep it out of /login's first load.
const Layout = lazyScreen(() => import("./layout.tsx"))

const PageSpinner = () => (
  <Center py="20" aria-busy="true">
    <Spinner role="status" size="lg" aria-label="Loading" />
  </Center>
)

/** The route table rendered: sign-in screens bare, every other page guarded inside the layout. */
export function App() {
  return (
    <>
      <ConnectionBanner />
      <Routes />
    </>
  )
}

function Routes() {
  return (
    <Switch>
      {routes.map((route) => (
        <Route key={route.path} path={route.path}>
          {(params) => {
            const page = (
              <Suspense fallback={<PageSpinner />}>
                <route.page params={params} />
              </Suspense>
            )
            return route.bare ? (
              page
            ) : (
              <Guarded access={route.access} title={route.title} preload={route.page.preload} refusedSignsOut={route.refusedSignsOut === true}>
                <Suspense fallback={<PageSpinner />}>
                  <Layout title={route.title}>{page}</Layout>
                </Suspense>
              </Guarded>
            )
          }}
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  )
}
