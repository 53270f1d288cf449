import type { QualityMessages } from './quality-messages-en.ts';

/** The OCDS quality page's words in Filipino, in the public catalogue's terms. */
export const qualityFil: QualityMessages = {
  'openData.quality.link': 'Kalidad ng datos na OCDS: ang mga pagsusuri at ang nakita ng mga ito',
  'openData.quality.records':
    'Bawat record package, nakapahina: {link} (ibinibigay ng {next} ang susunod na pahina).',
  'openData.quality.title': 'Kalidad ng datos na OCDS',
  'openData.quality.description':
    'Ang mga pagsusuring ginagawa ng {name} sa sarili nitong datos na OCDS, gaya ng OCDS Data Review Tool, at ang nakita ng mga ito.',
  'openData.quality.lead':
    'Binabasa ng bawat pagsusuri ang parehong datos na OCDS na dina-download ng isang programa mula sa site na ito: bawat pahina ng release package at bawat record package. Pinangangalanan ng bawat problema ang proseso ng pagkontrata (ocid), ang release at ang field.',
  'openData.quality.noSiteUrl':
    'Walang datos na OCDS na masusuri: hindi nakatakda sa server na ito ang address ng site (SITE_URL).',
  'openData.quality.summary':
    'Sinuri noong {when}: {processes} proseso ng pagkontrata, {releases} release, sa ilalim ng ocid prefix na {prefix}.',
  'openData.quality.allPassed': 'Pumasa ang bawat pagsusuri.',
  'openData.quality.someFailed': 'May mga pagsusuring nakakita ng problema.',
  'openData.quality.passed': 'Pumasa',
  'openData.quality.failed': 'Mga problemang nakita: {count}',
  'openData.quality.skipped': 'Hindi isinasagawa rito',
  'openData.quality.more': 'Nakalista ang unang {shown} sa {count}.',
  'openData.quality.where': 'Saan',
  'openData.quality.what': 'Ano',
  'openData.quality.cli': 'Ginagawa ng IT staff ang parehong mga pagsusuri sa {command}.',
  'openData.quality.check.schema': 'Tugma sa schema ng OCDS 1.1.5',
  'openData.quality.check.schema.text':
    'Bawat release package at record package laban sa opisyal na schema ng OCDS 1.1.5, kasama ang bids extension kapag idineklara ito ng package.',
  'openData.quality.check.ocid-prefix': 'Nakarehistrong ocid prefix',
  'openData.quality.check.ocid-prefix.text':
    'Nasa anyong nakarehistro ang prefix, ocds- at anim na titik o numero, at hindi ang placeholder ng demonstrasyong nilalaman; nagsisimula rito ang bawat ocid.',
  'openData.quality.check.unique-ids': 'Natatanging mga id',
  'openData.quality.check.unique-ids.text':
    'Isang beses lang lumalabas ang id ng isang release sa proseso nito, at magkakaiba ang id ng mga partido, award, kontrata, dokumento, amyenda at bid ng isang release.',
  'openData.quality.check.date-order': 'Magkakasunod ang mga petsa',
  'openData.quality.check.date-order.text':
    'Nagsisimula ang tender period bago ito matapos at natatapos bago ang award; nauuna ang award sa paglagda ng kontrata; nagsisimula ang panahon ng kontrata bago ito matapos; sumusunod sa paglagda ang mga amyenda.',
  'openData.quality.check.amounts': 'Magkakatugmang halaga',
  'openData.quality.check.amounts.text':
    'Nasa pagitan ng 50% at 150% ng halaga ng award ang halaga ng kontrata nito.',
  'openData.quality.check.parties': 'Umiiral ang bawat partidong binanggit',
  'openData.quality.check.parties.text':
    'Nakalista sa mga partido, kasama ang papel nito, ang buyer, ang procuring entity, ang mga tenderer, ang mga supplier at ang mga bidder.',
  'openData.quality.check.no-empty': 'Walang walang-lamang halaga',
  'openData.quality.check.no-empty.text':
    'Walang walang-lamang teksto, object o listahan saanman: iniiwan ang field na walang halaga.',
  'openData.quality.check.document-urls': 'Sumasagot ang mga link ng dokumento',
  'openData.quality.check.document-urls.text':
    'Sumasagot ng 200 ang isang sample ng mga link ng dokumento. Lumalabas ito sa network, kaya IT staff lang ang gumagawa nito, sa municipal ocds check --check-urls.',
  'openData.quality.problem.schema-invalid': 'hindi tugma sa schema: {message}',
  'openData.quality.problem.prefix-placeholder':
    'ang ocid prefix na {prefix} ay ang placeholder, hindi nakarehistrong prefix: magparehistro sa Open Contracting Partnership at isulat ito sa site.json (openData.ocidPrefix)',
  'openData.quality.problem.prefix-form':
    'wala sa anyong nakarehistro (ocds- at anim na maliit na titik o numero) ang ocid prefix na {prefix}, o hindi rito nagsisimula ang ocid',
  'openData.quality.problem.duplicate-release-id':
    'higit sa isang beses lumalabas ang id ng release na ito',
  'openData.quality.problem.duplicate-array-id':
    'higit sa isang beses lumalabas ang id na {id} sa listahang ito',
  'openData.quality.problem.date-order':
    'nauuna ang {later} ({laterDate}) sa {earlier} ({earlierDate})',
  'openData.quality.problem.amount-out-of-range':
    'ang halaga ng kontrata na {amount} ay {percent}% ng halagang {awardAmount} ng award nitong {award}, labas sa 50% hanggang 150%',
  'openData.quality.problem.party-missing': 'wala sa mga partido ang {role} na {id}',
  'openData.quality.problem.party-role-missing': 'walang papel na {role} ang partidong {id}',
  'openData.quality.problem.empty-value': 'walang laman: dapat iniiwan ang field na walang halaga',
  'openData.quality.problem.url-not-ok': 'hindi sumagot ng 200 ang {url} ({status})',
};
