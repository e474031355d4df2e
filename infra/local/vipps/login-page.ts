/**
 * The local Vipps's two screens (decision 118), as a Vipps user meets them: 'Logg inn med Vipps'
 * lists the test people as buttons (one press signs in as that person, where Vipps asks for the
 * phone number and a confirmation in the app), then 'Del informasjon' lists what the app asks for,
 * and a second press, 'Bekreft', shares it. Plain forms, so they work without scripts.
 */
import { escapeHtml as e } from './provider';
import { fullName, type TestPerson } from './people';

const STYLE = `body{font-family:system-ui,sans-serif;background:#ff5b24;margin:0;padding:24px;color:#1a1a1a}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:16px;padding:24px}
h1{font-size:1.4rem;margin:0 0 4px}p{margin:4px 0 16px;color:#444}
button{display:block;width:100%;margin:8px 0;padding:14px;border-radius:10px;border:2px solid #ff5b24;background:#fff;font-size:1rem;cursor:pointer;text-align:left}
button.primary{background:#ff5b24;color:#fff;text-align:center;font-weight:600}button:focus-visible{outline:3px solid #222;outline-offset:2px}
ul{padding-left:20px}small{color:#666}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="nb"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(title)} – Vipps (lokal)</title><style>${STYLE}</style></head><body><main>${body}
<p><small>Lokal Vipps for utvikling og tester. Ingen ekte personer.</small></p></main></body></html>`;
}

export function loginPage(action: string, clientName: string, people: TestPerson[]): string {
  const buttons = people.map(
    (person) => `<button name="person" value="${e(person.id)}">${e(fullName(person))}<br><small>${e(person.email)} · +${e(person.phone)}</small></button>`,
  ).join('');
  return page('Logg inn med Vipps', `<h1>Logg inn med Vipps</h1><p>Velg en testperson for å logge inn hos ${e(clientName)}.</p>
<form method="post" action="${e(action)}">${buttons}</form>
<form method="post" action="${e(action)}"><button name="avbryt" value="1">Avbryt</button></form>`);
}

const CLAIM_LABELS: Record<string, string> = { name: 'Navn', email: 'E-postadresse', phoneNumber: 'Telefonnummer', birthDate: 'Fødselsdato' };

export function consentPage(action: string, clientName: string, personName: string, scopes: string[]): string {
  const items = scopes.filter((scope) => CLAIM_LABELS[scope]).map((scope) => `<li>${e(CLAIM_LABELS[scope]!)}</li>`).join('');
  return page('Del informasjon', `<h1>Del informasjon</h1><p>${e(personName)}, ${e(clientName)} ber om:</p><ul>${items}</ul>
<form method="post" action="${e(action)}"><button class="primary" name="bekreft" value="1">Bekreft</button><button name="avbryt" value="1">Avbryt</button></form>`);
}
