import { createContext } from 'react-router'
import type { ApiClient } from './api.server.ts'

/** Server resources reach loaders through the router context, not module globals (anchor 5). */
export const apiContext = createContext<ApiClient>()
