/** The BSX import bench's file (kept apart so the browser bundle can import it alone). */

/** A BrickStore file of `lots` lots, every field BrickStore writes, with escapes. */
export function brickstoreXml(lots: number): string {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE BrickStoreXML>\n'];
  parts.push('<BrickStoreXML>\n <Inventory Currency="EUR" BrickLinkChangelogId="0">\n');
  for (let i = 0; i < lots; i++) {
    const set = i % 13 === 0;
    parts.push(
      `  <Item>\n   <ItemID>${set ? `${6000 + (i % 900)}-1` : 3001 + (i % 4000)}</ItemID>\n` +
        `   <ItemTypeID>${set ? 'S' : 'P'}</ItemTypeID>\n   <ColorID>${set ? 0 : i % 90}</ColorID>\n` +
        `   <ItemName>Brick ${1 + (i % 4)} x ${2 + (i % 6)} &amp; studs</ItemName>\n` +
        `   <ItemTypeName>${set ? 'Set' : 'Part'}</ItemTypeName>\n   <ColorName>Dark Bluish Gray</ColorName>\n` +
        `   <CategoryID>5</CategoryID>\n   <CategoryName>Brick</CategoryName>\n   <Status>I</Status>\n` +
        `   <Qty>${1 + (i % 400)}</Qty>\n   <Price>${(0.01 + (i % 500) / 100).toFixed(3)}</Price>\n` +
        `   <Condition>${i % 3 === 0 ? 'N' : 'U'}</Condition>\n` +
        (set ? '   <SubCondition>C</SubCondition>\n' : '   <Bulk>5</Bulk>\n') +
        (i % 5 === 0 ? '   <Comments>Light play wear &lt;used&gt;</Comments>\n' : '') +
        `   <Remarks>H1-A0${1 + (i % 3)}-R02-S${1 + (i % 3)}-B${1 + (i % 4)}</Remarks>\n` +
        (i % 7 === 0
          ? '   <TQ1>50</TQ1>\n   <TP1>0.080</TP1>\n   <TQ2>100</TQ2>\n   <TP2>0.075</TP2>\n   <TQ3>250</TQ3>\n   <TP3>0.070</TP3>\n'
          : '') +
        '   <OwlID>123</OwlID>\n  </Item>\n',
    );
  }
  parts.push(' </Inventory>\n</BrickStoreXML>\n');
  return parts.join('');
}
