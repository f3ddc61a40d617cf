// Nationality (demonym) per ISO 3166-1 alpha-2 code: the `label` of a country-codes entry (product rules, Validation).
// The installed country dataset (countries-list) has no demonyms, so this one column is kept here;
// a code missing from it falls back to the country name. Loaded on demand with the country list.
const TABLE =
  'AC:Ascension Islander|AD:Andorran|AE:Emirati|AF:Afghan|AG:Antiguan, Barbudan|AI:Anguillan|AL:Albanian|' +
  'AM:Armenian|AO:Angolan|AQ:Antarctic|AR:Argentine|AS:American Samoan|AT:Austrian|AU:Australian|AW:Aruban|' +
  'AX:Ålandish|AZ:Azerbaijani|BA:Bosnian, Herzegovinian|BB:Barbadian|BD:Bangladeshi|BE:Belgian|BF:Burkinabe|' +
  'BG:Bulgarian|BH:Bahraini|BI:Burundian|BJ:Beninese|BL:Saint Barthélemy Islander|BM:Bermudian|BN:Bruneian|' +
  'BO:Bolivian|BQ:Bonairean|BR:Brazilian|BS:Bahamian|BT:Bhutanese|BV:Bouvet Islander|BW:Motswana|BY:Belarusian|' +
  'BZ:Belizean|CA:Canadian|CC:Cocos Islander|CD:Congolese (DRC)|CF:Central African|CG:Congolese|CH:Swiss|' +
  'CI:Ivorian|CK:Cook Islander|CL:Chilean|CM:Cameroonian|CN:Chinese|CO:Colombian|CR:Costa Rican|CU:Cuban|' +
  'CV:Cape Verdean|CW:Curaçaoan|CX:Christmas Islander|CY:Cypriot|CZ:Czech|DE:German|DJ:Djiboutian|DK:Danish|' +
  'DM:Dominican (Dominica)|DO:Dominican|DZ:Algerian|EC:Ecuadorian|EE:Estonian|EG:Egyptian|EH:Sahrawi|' +
  'ER:Eritrean|ES:Spanish|ET:Ethiopian|FI:Finnish|FJ:Fijian|FK:Falkland Islander|FM:Micronesian|' +
  'FO:Faroese|FR:French|GA:Gabonese|GB:British|GD:Grenadian|GE:Georgian|GF:French Guianese|GG:Channel Islander (Guernsey)|' +
  'GH:Ghanaian|GI:Gibraltarian|GL:Greenlandic|GM:Gambian|GN:Guinean|GP:Guadeloupean|GQ:Equatoguinean|GR:Greek|' +
  'GS:South Georgian|GT:Guatemalan|GU:Guamanian|GW:Bissau-Guinean|GY:Guyanese|HK:Hongkonger|HM:Heard Islander|' +
  'HN:Honduran|HR:Croatian|HT:Haitian|HU:Hungarian|ID:Indonesian|IE:Irish|IL:Israeli|IM:Manx|IN:Indian|' +
  'IO:British Indian Ocean Territory|IQ:Iraqi|IR:Iranian|IS:Icelandic|IT:Italian|JE:Channel Islander (Jersey)|' +
  'JM:Jamaican|JO:Jordanian|JP:Japanese|KE:Kenyan|KG:Kyrgyz|KH:Cambodian|KI:I-Kiribati|KM:Comoran|' +
  'KN:Kittitian, Nevisian|KP:North Korean|KR:South Korean|KW:Kuwaiti|KY:Caymanian|KZ:Kazakh|LA:Lao|LB:Lebanese|' +
  'LC:Saint Lucian|LI:Liechtensteiner|LK:Sri Lankan|LR:Liberian|LS:Mosotho|LT:Lithuanian|LU:Luxembourgish|' +
  'LV:Latvian|LY:Libyan|MA:Moroccan|MC:Monégasque|MD:Moldovan|ME:Montenegrin|MF:Saint-Martinoise|MG:Malagasy|' +
  'MH:Marshallese|MK:Macedonian|ML:Malian|MM:Burmese|MN:Mongolian|MO:Macanese|MP:Northern Mariana Islander|' +
  'MQ:Martinican|MR:Mauritanian|MS:Montserratian|MT:Maltese|MU:Mauritian|MV:Maldivian|MW:Malawian|MX:Mexican|' +
  'MY:Malaysian|MZ:Mozambican|NA:Namibian|NC:New Caledonian|NE:Nigerien|NF:Norfolk Islander|NG:Nigerian|' +
  'NI:Nicaraguan|NL:Dutch|NO:Norwegian|NP:Nepalese|NR:Nauruan|NU:Niuean|NZ:New Zealander|OM:Omani|PA:Panamanian|' +
  'PE:Peruvian|PF:French Polynesian|PG:Papua New Guinean|PH:Filipino|PK:Pakistani|PL:Polish|' +
  'PM:Saint-Pierrais, Miquelonnais|PN:Pitcairn Islander|PR:Puerto Rican|PS:Palestinian|PT:Portuguese|PW:Palauan|' +
  'PY:Paraguayan|QA:Qatari|RE:Réunionese|RO:Romanian|RS:Serbian|RU:Russian|RW:Rwandan|SA:Saudi Arabian|' +
  'SB:Solomon Islander|SC:Seychellois|SD:Sudanese|SE:Swedish|SG:Singaporean|SH:Saint Helenian|SI:Slovene|' +
  'SJ:Norwegian (Svalbard)|SK:Slovak|SL:Sierra Leonean|SM:Sammarinese|SN:Senegalese|SO:Somali|SR:Surinamese|' +
  'SS:South Sudanese|ST:Santomean|SV:Salvadoran|SX:Sint Maartener|SY:Syrian|SZ:Swazi|TA:Tristanian|' +
  'TC:Turks and Caicos Islander|TD:Chadian|TF:French Southern Territories|TG:Togolese|TH:Thai|TJ:Tajik|' +
  'TK:Tokelauan|TL:Timorese|TM:Turkmen|TN:Tunisian|TO:Tongan|TR:Turkish|TT:Trinidadian, Tobagonian|TV:Tuvaluan|' +
  'TW:Taiwanese|TZ:Tanzanian|UA:Ukrainian|UG:Ugandan|UM:American (Minor Outlying Islands)|US:American|' +
  'UY:Uruguayan|UZ:Uzbek|VA:Vatican|VC:Saint Vincentian|VE:Venezuelan|VG:British Virgin Islander|' +
  'VI:U.S. Virgin Islander|VN:Vietnamese|VU:Ni-Vanuatu|WF:Wallisian, Futunan|WS:Samoan|XK:Kosovar|YE:Yemeni|' +
  'YT:Mahoran|ZA:South African|ZM:Zambian|ZW:Zimbabwean';

export const NATIONALITIES: Readonly<Record<string, string>> = Object.fromEntries(
  TABLE.split('|').map((row) => {
    const i = row.indexOf(':');
    return [row.slice(0, i), row.slice(i + 1)];
  }),
);
