/**
 * Texts that several screens' message tables share: a row that is not there, a name left empty or
 * already taken. Each module's table still names every message it sends
 * (`WarehouseMessages.locationNotFound`); the text itself lives here once.
 */
export const SharedMessages = {
  itemNotInDatabase: 'item_id not in database',
  locationNotFound: 'Location not found',
  batchNotFound: 'Batch not found',
  trayNotFound: 'Tray not found',
  colourNotFound: 'Colour not found',
  conditionNotFound: 'Condition not found',
  giveAName: 'Give a name please',
  nameTakenInProject: 'This name already exists in this project',
  notAtLocation: 'This item is not stored at this location.',
} as const;
