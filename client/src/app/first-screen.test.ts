import { createMemoryRouter, Navigate } from 'react-router-dom'
import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { whenFirstScreenLoaded } from './first-screen'

/** A lazy screen whose code arrives when the test says so. */
function lazyScreen() {
  let arrive!: () => void
  const arrived = new Promise<void>((resolve) => (arrive = resolve))
  return {
    arrive,
    lazy: async () => {
      await arrived
      return { Component: () => null }
    },
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('whenFirstScreenLoaded', () => {
  it('waits for the first screen’s lazy code, then runs once', async () => {
    const screen = lazyScreen()
    const router = createMemoryRouter([{ path: '/login/login', lazy: screen.lazy }], {
      initialEntries: ['/login/login'],
    })
    let runs = 0
    whenFirstScreenLoaded(router, () => runs++)
    await tick()
    expect(runs).toBe(0)
    screen.arrive()
    await expect.poll(() => runs).toBe(1)
    await router.navigate('/login/login?again=1')
    expect(runs).toBe(1)
    router.dispose()
  })

  it('does not take the bare / that redirects for the first screen', async () => {
    const screen = lazyScreen()
    const router = createMemoryRouter(
      [
        { path: '/', element: createElement(Navigate, { to: '/login/start' }) },
        { path: '/login/start', lazy: screen.lazy },
      ],
      { initialEntries: ['/'] },
    )
    let runs = 0
    whenFirstScreenLoaded(router, () => runs++)
    await tick()
    expect(router.state.initialized).toBe(true)
    expect(runs).toBe(0)
    // What <Navigate> does once rendered.
    void router.navigate('/login/start')
    await tick()
    expect(runs).toBe(0)
    screen.arrive()
    await expect.poll(() => runs).toBe(1)
    router.dispose()
  })

  it('runs at once when the router has already settled', async () => {
    const router = createMemoryRouter([{ path: '/home/home', Component: () => null }], {
      initialEntries: ['/home/home'],
    })
    await tick()
    let runs = 0
    whenFirstScreenLoaded(router, () => runs++)
    expect(runs).toBe(1)
    router.dispose()
  })
})
