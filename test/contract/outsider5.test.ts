import { describeOutsider } from './outsider-suite.js'

/**
 * A fifth deployment nobody tuned the suite to: outsider5/ was written from the two documents
 * alone, asked to choose otherwise than the four before it, to be strict where the documents let it
 * and surprising where they are silent, and shown to the suite once done. On first contact the
 * suite failed it on what it had no class or reading for: `hostOrigin: null` read as no change
 * (hostOriginNull unchanged), a page put online leaving updatedAt (onlineUpdatedAt), a publicApiKey
 * that reads pages alone, their live versions by default (publicApiKeyAsSiteKey published-pages),
 * a copy's locales without their domains, which it holds unique in the workspace
 * (duplicateLocaleDomains), a new site's locale management made of whether it has a hostOrigin, a
 * route's skipValidation taken on Update Route alone, an empty page update refused.
 */
describeOutsider({
  folder: 'outsider5',
  called: 'a fifth deployment',
  learned: ['hostOriginNull="unchanged"', 'onlineUpdatedAt="unchanged"', 'publicApiKeyAsSiteKey="published-pages"', 'duplicateLocaleDomains="dropped"', 'emptyPageUpdate="refused"', 'localeDomains="unique-everywhere"', 'routeCreateSkipValidation="unknown"'],
  defects: false,
})
