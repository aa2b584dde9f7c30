/**
 * Light or dark: the system's preference until the parent chooses on this device (remembered
 * in localStorage). The choice is applied as the `dark` or `light` class on <html> (see
 * index.css) before the app's first paint; before that, a pre-rendered page follows the system.
 */
import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';
const KEY = 'theme';
const listeners = new Set<() => void>();

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function savedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null; // storage blocked: follow the system
  }
}

export function currentTheme(): Theme {
  return savedTheme() ?? (systemPrefersDark() ? 'dark' : 'light');
}

function show(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.classList.toggle('light', theme === 'light');
}

function apply(): void {
  show(currentTheme());
  for (const listener of listeners) listener();
}

/** Applies the theme now, and follows the system's changes while nothing was chosen. */
export function startTheme(): void {
  apply();
  if (typeof window.matchMedia === 'function') window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', apply);
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // Not remembered, but applied for this visit.
    show(theme);
    return;
  }
  apply();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'light');
}
