/**
 * The answers this implementation can give where the documents leave one free, by the ids of the
 * choice catalogue (contracts/schemas/choices.json). A class left out of a `Choices` keeps the
 * implementation's own answer (CHOICES.md), so `startPermissive()` without choices is unchanged;
 * the conformance twin (../twin/) draws a value for every class from a seed.
 */
export const ALTERNATIVES = {
  controlCharacters: ['refused', 'accepted'],
  emptySiteName: ['refused', 'accepted'],
  urlFormat: ['absolute-url', 'any-string'],
  limitZero: ['refused', 'accepted'],
  pathPrefixForm: ['slash-first', 'any'],
  emptyLocaleQuery: ['refused', 'default'],
  unknownBodyFields: ['refused', 'ignored'],
  unknownQueryParameters: ['refused', 'ignored'],
  localeCodeCase: ['strict', 'any-case', 'any-spelling'],
  pagePathnameForm: ['slash-first', 'any'],
  pagePathnameCharacters: ['accepted', 'refused', 'letters'],
  sitePagesQuery: ['page-list', 'pagination'],
  pageUnknownLocale: ['400', '404', 'empty-list'],
  emptyPatchUpdatedAt: ['moves', 'unchanged'],
  routePathnameSlash: ['accepted', 'refused', 'added'],
  pageUpdateSearchFields: ['applied', 'ignored', 'refused'],
  malformedPathId: ['400', '404'],
  restoreLiveLocale: ['409', '404', '200', '400'],
  cursorOutsideList: ['400', 'after-place', '404', 'empty-list'],
  foreignCursor: ['as-outside', '404', '400', 'empty-list'],
  unknownCursor: ['400', '404', 'empty-list'],
  accessOrder: ['permission-first', 'existence-first', 'site-first'],
  validationOrder: ['params-access-body', 'input-first', 'access-first'],
  updatedAtAtCreation: ['createdAt', 'null'],
  pageLocale: ['present', 'absent'],
  sortCollation: ['code-unit', 'case-insensitive'],
  nullsSort: ['last', 'first', 'smallest', 'largest'],
  sortTies: ['id', 'creation'],
  newPageTitle: ['null', 'name'],
  newPageExcludedFromSearchEngines: ['null', 'false'],
  newPageOnline: ['online', 'offline'],
  newPageSitemapPriority: ['null', '0.5'],
  newPageSitemapFrequency: ['null', 'always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'],
  siteListOrder: ['oldest-first', 'newest-first'],
  localeListOrder: ['creation', 'code'],
  routeListOrder: ['pathname', 'creation'],
  renameDefaultLocale: ['follows', 'refused'],
  siteKeyWrites: ['allowed', 'refused', 'refused-first', 'routes-refused'],
  localeManagementMode: ['internal', 'external'],
  localeCodeStored: ['as-sent', 'canonical'],
  pathnameTrailingSlash: ['kept', 'dropped'],
  nameWhitespace: ['kept', 'trimmed'],
  sitePathPrefixFields: ['present', 'absent'],
  siteIdBesideId: ['checked', 'ignored', 'refused'],
  clockPrecision: ['millisecond', 'second'],
  createBodyOrder: ['validation-order', 'body-first'],
  hostOriginNull: ['clears', 'refused', 'unchanged'],
  localeLookupCase: ['exact', 'any-case'],
  routeOperations: ['served', 'elsewhere'],
  localeDomains: ['shared', 'unique', 'unique-everywhere'],
  publicApiKeyAsSiteKey: ['site-key', 'not-a-key', 'forbidden', 'live-pages', 'published-pages'],
  emptyPageUpdate: ['accepted', 'refused', 'pathname-required'],
  pagePathnameCase: ['kept', 'lower-case', 'refused'],
  routePathnameCharacters: ['accepted', 'refused', 'ascii-only'],
  pagePublishing: ['control-plane', 'going-online'],
  restoreByCode: ['any-locale', 'deleted-only'],
  pagePathnameSlash: ['as-sent', 'added'],
  pathnameConflictCase: ['exact', 'any-case'],
  newPagePublished: ['unpublished', 'published'],
  liveVersion: ['snapshot', 'current'],
  siteKeySiteList: ['refused', 'own-site'],
  deletedLocaleCode: ['free', 'reserved', 'revived'],
  duplicateDeletedLocales: ['left', 'copied'],
  repeatedDelete: ['not-found', 'idempotent'],
  siteNames: ['shared', 'unique'],
  pathPrefixCase: ['exact', 'any-case'],
  localeFilterScope: ['localized', 'all'],
  siteDeleteChildren: ['deleted', 'kept'],
  pathnameLookupCase: ['exact', 'any-case'],
  duplicatePublication: ['copied', 'reset'],
  newPageDescription: ['null', 'empty'],
  newPageCanonicalUrl: ['null', 'empty'],
  newPageSocialImageUrl: ['null', 'empty'],
  routeEmptySegment: ['refused', 'accepted'],
  limitAboveMaximum: ['refused', 'clamped'],
  pageReadUnknownLocale: ['as-list', 'default'],
  deletedCursor: ['unknown', 'after-place'],
  skipValidationConflicts: ['checked', 'skipped', 'page-conflicts', 'route-conflicts'],
  deletedSiteKey: ['401', '403'],
  pathnameLookupLocale: ['own', 'localized'],
  duplicateLocaleDomains: ['copied', 'dropped'],
  onlineUpdatedAt: ['moves', 'unchanged'],
  keyKindOrder: ['with-access', 'first'],
  routeCreateSkipValidation: ['taken', 'unknown'],
} as const

/** The classes that are a maximum length: a number of characters, or `null` for none. */
export const LIMITS = ['nameMaxLength', 'urlMaxLength', 'titleMaxLength', 'descriptionMaxLength', 'pathnameMaxLength'] as const

export type EnumClass = keyof typeof ALTERNATIVES
export type LimitClass = (typeof LIMITS)[number]

/** One alternative per class, each written as the catalogue's value in a string (`'null'`, `'0.5'`, `'404'`). */
export type Choices = { [K in EnumClass]?: (typeof ALTERNATIVES)[K][number] } & { [K in LimitClass]?: number | null }

/** Every class this implementation can take either way: what the twin's test holds the catalogue to. */
export const IMPLEMENTED_CLASSES: readonly string[] = [...Object.keys(ALTERNATIVES), ...LIMITS]
