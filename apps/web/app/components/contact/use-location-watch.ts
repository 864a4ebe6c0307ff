import { useCallback, useEffect, useReducer, useRef } from 'react'
import { roundCoordinate } from '@padi/domain/geo/distance'

// docs/product/limits.md: high accuracy, positions up to 5 minutes old, give up after 30 seconds.
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  maximumAge: 300_000,
  timeout: 30_000,
}

/** GeolocationPositionError codes, plus 0 when the browser has no geolocation at all. */
export type LocationErrorCode = 0 | 1 | 2 | 3
export const LOCATION_UNSUPPORTED: LocationErrorCode = 0
const PERMISSION_DENIED = 1

/** docs/product/branches-and-contact.md location state (lat, lng, lastError), plus what the page needs to show it. */
export type LocationState = {
  lat: number | null
  lng: number | null
  lastError: string | null
  errorCode: LocationErrorCode | null
  watching: boolean
}

export type LocationAction =
  | { type: 'start' }
  | { type: 'stop' }
  | { type: 'position'; latitude: number | null | undefined; longitude: number | null | undefined }
  | { type: 'error'; code: number; message: string }

export const INITIAL_LOCATION: LocationState = {
  lat: null,
  lng: null,
  lastError: null,
  errorCode: null,
  watching: false,
}

const isCoordinate = (v: number | null | undefined): v is number =>
  typeof v === 'number' && Number.isFinite(v)

export function locationReducer(state: LocationState, action: LocationAction): LocationState {
  switch (action.type) {
    case 'start':
      return { ...state, watching: true, lastError: null, errorCode: null }
    case 'stop':
      // Stopping forgets the position too: the user asked us not to use it any more.
      return INITIAL_LOCATION
    case 'position':
      // docs/product/branches-and-contact.md: only a position with both coordinates replaces lat/lng and clears lastError.
      if (!isCoordinate(action.latitude) || !isCoordinate(action.longitude)) return state
      return {
        ...state,
        lat: roundCoordinate(action.latitude),
        lng: roundCoordinate(action.longitude),
        lastError: null,
        errorCode: null,
      }
    case 'error': {
      const code: LocationErrorCode =
        action.code === 1 || action.code === 2 || action.code === 3 ? action.code : 0
      // A refusal ends the watch; unavailable and timeout keep it, the next fix may succeed.
      const ended = code === PERMISSION_DENIED || code === LOCATION_UNSUPPORTED
      return {
        ...state,
        lastError: action.message || `Geolocation error ${code}`,
        errorCode: code,
        watching: ended ? false : state.watching,
      }
    }
  }
}

/**
 * Watches the device position only after the user asks (issue text: with the user's permission),
 * and stops watching when asked, when permission is refused or when the page unmounts.
 */
export function useLocationWatch() {
  const [state, dispatch] = useReducer(locationReducer, INITIAL_LOCATION)
  const watchId = useRef<number | null>(null)

  const clear = useCallback(() => {
    if (watchId.current !== null) navigator.geolocation.clearWatch(watchId.current)
    watchId.current = null
  }, [])

  const start = useCallback(() => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      dispatch({ type: 'error', code: LOCATION_UNSUPPORTED, message: 'Geolocation unsupported' })
      return
    }
    if (watchId.current !== null) return
    dispatch({ type: 'start' })
    watchId.current = navigator.geolocation.watchPosition(
      (position) =>
        dispatch({
          type: 'position',
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
        }),
      (error) => {
        if (error.code === PERMISSION_DENIED) clear()
        dispatch({ type: 'error', code: error.code, message: error.message })
      },
      GEOLOCATION_OPTIONS,
    )
  }, [clear])

  const stop = useCallback(() => {
    clear()
    dispatch({ type: 'stop' })
  }, [clear])

  useEffect(() => clear, [clear])

  return { ...state, start, stop }
}
