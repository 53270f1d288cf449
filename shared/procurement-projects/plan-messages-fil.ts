import type { PlanMessages } from './plan-messages-en.ts';

/**
 * The Annual Procurement Plan pages' words in Filipino, in the public catalogue's terms:
 * "procurement", "supplier" and the GPPB form's headings stay as government Filipino keeps them.
 */
export const planFil: PlanMessages = {
  'plan.title': 'Taunang Plano ng Procurement',
  'plan.description':
    'Ang bawat proyektong balak i-procure ng munisipyo sa isang taon, kasama ang badyet at katayuan nito.',
  'plan.lead':
    'Ang mga linya ng Annual Procurement Plan (APP) para sa {year}. Bawat isa ay isang proyekto ng procurement; sinusundan ng katayuan nito ang mga abisong nai-post para rito.',
  'plan.yearLabel': 'Taon',
  'plan.show': 'Ipakita',
  'plan.caption': 'Taunang Plano ng Procurement {year}',
  'plan.code': 'Code (PAP)',
  'plan.project': 'Programa o proyekto ng procurement',
  'plan.office': 'Opisinang gagamit',
  'plan.mode': 'Paraan ng procurement',
  'plan.funds': 'Pinagmulan ng pondo',
  'plan.budget': 'Tinatayang badyet',
  'plan.status': 'Katayuan',
  'plan.chart': 'Nakaplanong badyet laban sa halagang iginawad ayon sa tanggapan, {year}',
  'plan.planned': 'Nakaplanong badyet',
  'plan.awarded': 'Iginawad',
  'plan.total': 'Kabuuan',
  'plan.count': '{count} linya, {total} lahat.',
  'plan.countOne': '1 linya, {total} lahat.',
  'plan.empty': 'Wala pang nai-post na Taunang Plano ng Procurement para sa {year}.',
  'plan.download': 'I-download ang planong ito bilang CSV',
  'plan.notGiven': 'Hindi ibinigay',
  'staffPlan.title': 'Mag-upload ng Taunang Plano ng Procurement',
  'staffPlan.description':
    'Ina-upload ng BAC ang Taunang Plano ng Procurement ng isang taon bilang CSV.',
  'staffPlan.lead':
    'I-save ang APP spreadsheet bilang CSV na may mga heading ng GPPB form: Code (PAP), Procurement Program/Project, PMO/End-User, Mode of Procurement, Source of Funds at Estimated Budget (Total). Iniingatan ang ibang column gaya ng pagkakabigay. Ina-update ng linyang may code na nasa plano na ng taon ang linyang iyon. Kapag may isang maling hanay, tinatanggihan ang buong file at walang naiimbak mula rito.',
  'staffPlan.year': 'Taon ng plano',
  'staffPlan.file': 'APP file (CSV, hanggang 2 MB)',
  'staffPlan.submit': 'I-upload ang plano',
  'staffPlan.seePlan': 'Tingnan ang plano ng {year}',
  'staffPlan.outcome.imported':
    'Naimbak ang plano ng {year}: {added} nakaplanong proyekto ang naidagdag, {updated} ang na-update, {skipped} blangko o kabuuang hanay ang nilaktawan.',
  'staffPlan.outcome.forbidden': 'Walang {role} na tungkulin ang iyong account na kailangan dito.',
  'staffPlan.outcome.file': 'Piliin ang APP file na ia-upload.',
  'staffPlan.outcome.year': 'Ibigay ang taon ng plano sa apat na digit, hal. 2026.',
  'staffPlan.outcome.too-large': 'Mas malaki sa 2 MB ang file. Walang naimbak.',
  'staffPlan.outcome.not-utf8':
    'Hindi UTF-8 na teksto ang file. I-save ang spreadsheet bilang “CSV UTF-8” at i-upload muli. Walang naimbak.',
  'staffPlan.outcome.not-csv': 'Hindi wastong CSV ang file. Walang naimbak.',
  'staffPlan.outcome.empty': 'Walang laman ang file; kailangan nito ng header row. Walang naimbak.',
  'staffPlan.outcome.headings': 'Wala sa header row ang mga heading ng APP form. Walang naimbak.',
  'staffPlan.outcome.rows': '{count} halaga ang mali, kaya walang naimbak:',
  'staffPlan.outcome.no-lines': 'May header ang file pero walang linya ng plano. Walang naimbak.',
  'staffPlan.missing': 'Kulang: {headings}',
  'staffPlan.twice': 'Higit sa isa: {headings}',
  'staffPlan.problem.blank': 'Linya {line}, {heading}: blangko',
  'staffPlan.problem.repeated': 'Linya {line}, {heading}: ang parehong code ay nasa linya {other}',
  'staffPlan.problem.money': 'Linya {line}, {heading}: hindi halaga sa piso gaya ng 1,234,567.89',
  'staffPlan.more': '… at {count} pa.',
  'staffPlan.deskLink': 'Mag-upload ng Taunang Plano ng Procurement',
};
