import type { Language } from '../../../contract/languages.ts';
import type { FamilyJoinLink } from '../../../contract/schemas/family.ts';
import { hrefOf } from '../../shell/route-link.tsx';

/** The join link an admin shares: the family page with the join values in its query (contract FAMILY_JOIN_LINK_PARAMS). */
export function joinLinkUrl(link: FamilyJoinLink, lang: Language, origin: string = window.location.origin): string {
  return `${origin}${hrefOf('/{-$lang}/profile/family', lang, { adminEmail: link.adminEmail, familyRef: link.familyRef, code: link.code })}`;
}

/** WhatsApp's own share address: it opens the app (or web.whatsapp.com) with the text ready to send. */
export function whatsAppUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/**
 * Copies text to the clipboard. The asynchronous Clipboard API needs a secure context; on plain
 * http (other than localhost) the older selection copy is the only way, so it is tried second.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Refused (no permission, document not focused): fall through to the selection copy.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  focused?.focus();
  if (!copied) throw new Error('The clipboard refused the text');
}

/** Opens an address in a new window, detached from this page (no `window.opener`). */
export function openInNewWindow(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
