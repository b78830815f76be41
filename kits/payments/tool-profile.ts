/**
 * What the tool profile (`cbp generate --tool-profile`) writes for an operation's `2XX` range:
 * the service description shows no success status codes ("Success status codes of all operations:
 * not shown", service description, Other operations), so the profile uses what `cbp mock` answers,
 * tagged A-SUCCESS-STATUS: 201 where it creates a record, 200 elsewhere.
 */
export const SANDBOX_SUCCESS: Readonly<Record<string, string>> = {
  createPayment: '201',
  legacyMakePayment: '201',
  createSession: '201',
  createThirdParty: '201',
};
