import type { RedFlagMessages } from './red-flag-messages-en.ts';

/**
 * The red flags' pages' words in Filipino, in the public catalogue's terms (content/README.md's
 * glossary): a flag is a reason to look again ("dapat tingnang muli"), never a finding.
 */
export const redFlagFil: RedFlagMessages = {
  'flags.title': 'Mga red flag: saan dapat tumingin muli',
  'flags.description':
    'Mga procurement ng munisipyo na dapat tingnang muli, ayon sa taon at indicator, bawat isa kasama ang mga katotohanang nagtaas nito at ang sagot ng Bids and Awards Committee.',
  'flags.lead':
    'Ang bawat red flag ay dahilan para tingnang muli ang isang procurement, na kinuwenta ng site na ito mula sa mga nailathalang abiso, bid at kontrata. Hindi ito patunay ng pagkakamali: maraming red flag ang may simpleng paliwanag, at maaaring sagutin ng Bids and Awards Committee ang bawat isa sa tabi nito.',
  'flags.methodologyLink': 'Paano kinukuwenta ang bawat red flag, at bakit ito mahalaga',
  'flags.yearLabel': 'Mga proyektong sinimulan noong',
  'flags.show': 'Ipakita',
  'flags.summary': '{total} red flag sa mga proyektong sinimulan noong {year}.',
  'flags.summaryOne': '1 red flag sa mga proyektong sinimulan noong {year}.',
  'flags.empty':
    'Walang proyektong sinimulan noong {year} na nagtataas ng alinmang red flag na kinukuwenta ng site na ito.',
  'flags.chartTitle': 'Mga proyektong may red flag ayon sa indicator, {year}',
  'flags.indicator': 'Indicator',
  'flags.projects': 'Mga proyektong may red flag',
  'flags.listCaption': 'Mga proyektong may red flag na “{indicator}” noong {year}',
  'flags.project': 'Proyekto',
  'flags.answer': 'Sagot ng BAC',
  'flags.answered': 'Sinagot noong {date}: {text}',
  'flags.notAnswered': 'Hindi pa nasasagot',
  'flags.download': 'I-download ang mga red flag ng taon bilang CSV',
  'flags.api': 'Pareho, bilang JSON',
  'flags.indicator.single-bidder': 'Iisang bidder, o iisang bid na pumasa',
  'flags.indicator.bid-near-abc': 'Panalong bid na malapit sa ABC',
  'flags.indicator.short-posting': 'Maikling panahon para maghanda ng bid',
  'flags.indicator.split-purchase': 'Mga pagbiling maaaring hinati',
  'flags.indicator.all-but-winner-disqualified': 'Bumagsak ang lahat ng ibang bid',
  'flags.indicator.failed-bidder-negotiated': 'Nakipagnegosasyon sa bidder na bumagsak',
  'flags.indicator.contract-increase': 'Kontratang itinaas ng mga amendment',
  'flags.indicator.supplier-concentration':
    'Iisang supplier ang may hawak ng karamihan ng mga gawad sa isang taon',
  'flags.indicator.impossible-dates': 'Mga petsang wala sa ayos',
  'flags.rule.single-bidder':
    'Sa {modes}: iisang kompanya lang ang nag-bid, o iisang bid lang ang pumasa sa ebalwasyon.',
  'flags.rule.bid-near-abc':
    'Ang panalong bid ay {percentOfAbc}% o higit pa ng Approved Budget for the Contract (ABC).',
  'flags.rule.short-posting':
    'Naka-post ang imbitasyon sa bid nang kulang sa {minimumDays} araw (oras ng Pilipinas) bago buksan ang mga bid.',
  'flags.rule.split-purchase':
    'Nanalo ang iisang supplier ng dalawa o higit pang gawad sa {modes} sa loob ng {windowDays} araw, bawat isa ay mas mababa sa {ceiling} na ceiling ng small value procurement, na kapag pinagsama ay lampas dito.',
  'flags.rule.all-but-winner-disqualified':
    'Bumagsak ang lahat ng bidder maliban sa nanalo, o na-disqualify ang pinakamababang bid.',
  'flags.rule.failed-bidder-negotiated':
    'Matapos ang dalawang bigong bidding, iginawad sa pamamagitan ng {modes} ang kontrata sa bidder na bumagsak sa mga bidding na iyon.',
  'flags.rule.contract-increase':
    'Itinaas ng mga amendment ang halaga ng kontrata nang higit sa {totalIncreasePercent}% sa kabuuan, o may dalawang amendment na {windowDays} araw o mas kaunti ang pagitan.',
  'flags.rule.supplier-concentration':
    'Hawak ng iisang supplier ang higit sa {sharePercent}% ng halagang iginawad sa isang paraan ng procurement sa isang taon.',
  'flags.rule.impossible-dates':
    'Gawad na may petsang bago buksan ang mga bid, kontratang bago ang gawad, o pagkakatapos na bago magsimula ang kontrata.',
  'methodology.title': 'Paano kinukuwenta ang mga red flag',
  'methodology.description':
    'Ang bawat indicator na kinukuwenta ng site na ito mula sa nailathalang datos ng procurement ng munisipyo: kailan ito tumataas, ang threshold nito, at ang tuntunin o gabay na sinusunod nito.',
  'methodology.lead':
    'Sinusunod ng mga indicator ang red flag guide ng Open Contracting Partnership at ang mga tuntunin ng RA 12009 (New Government Procurement Act). Ang munisipyo ang nagtatakda ng mga threshold at maaaring magbago ang mga ito sa bagong tuntunin; ang nasa ibaba ang umiiral sa site na ito ngayon. Itinuturo ng red flag ang procurement na dapat tingnang muli; hindi ito nagpapasya ng anuman.',
  'methodology.rule': 'Kailan ito tumataas',
  'methodology.basis': 'Bakit ito mahalaga',
  'methodology.back': 'Bumalik sa mga proyektong may red flag',
};
