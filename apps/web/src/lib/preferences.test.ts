import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptCookies, useHasCookieConsent } from './cookie-consent';
import { changeLanguage, initialLanguage } from './i18n';
import { captureReferralCode } from './referral';
import { useIsSignedIn } from './session';
import { setTheme, useTheme } from './theme';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('cookie consent', () => {
  it('is missing until accepted, then kept in local storage', () => {
    const { result } = renderHook(() => useHasCookieConsent());
    expect(result.current).toBe(false);
    act(() => acceptCookies());
    expect(result.current).toBe(true);
    expect(localStorage.getItem('cookiesConsent')).toBe('true');
  });

  it('also counts when recorded in session storage', () => {
    sessionStorage.setItem('cookiesConsent', 'true');
    expect(renderHook(() => useHasCookieConsent()).result.current).toBe(true);
  });
});

describe('theme', () => {
  it('is stored under `theme` and ignores unknown values', () => {
    localStorage.setItem('theme', 'purple');
    const { result } = renderHook(() => useTheme());
    expect(result.current).toBe('light');
    act(() => setTheme('medium'));
    expect(result.current).toBe('medium');
    expect(localStorage.getItem('theme')).toBe('medium');
  });
});

describe('language', () => {
  it('persists the choice and updates <html lang>', async () => {
    await changeLanguage('bg');
    expect(localStorage.getItem('language')).toBe('bg');
    expect(document.documentElement.lang).toBe('bg');
    expect(initialLanguage()).toBe('bg');
    await changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('starts from the browser language when nothing is stored', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('bg-BG');
    expect(initialLanguage()).toBe('bg');
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    expect(initialLanguage()).toBe('en');
  });
});

describe('session', () => {
  it('is signed in with both tokens, following changes made in other tabs', () => {
    const { result } = renderHook(() => useIsSignedIn());
    expect(result.current).toBe(false);
    act(() => {
      localStorage.setItem('access', 'a');
      localStorage.setItem('refresh', 'r');
      window.dispatchEvent(new StorageEvent('storage', { key: 'refresh' }));
    });
    expect(result.current).toBe(true);
    act(() => {
      localStorage.removeItem('access');
      window.dispatchEvent(new StorageEvent('storage', { key: 'access' }));
    });
    expect(result.current).toBe(false);
  });
});

describe('referral code', () => {
  it('keeps ?ref=CODE under ref_code', () => {
    captureReferralCode('?page=2&ref=FRIEND42');
    expect(localStorage.getItem('ref_code')).toBe('FRIEND42');
    captureReferralCode('?page=3');
    expect(localStorage.getItem('ref_code')).toBe('FRIEND42');
  });
});
