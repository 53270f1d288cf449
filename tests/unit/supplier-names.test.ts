import { describe, expect, it } from 'vitest';
import {
  foldSupplierName,
  MAX_SUPPLIER_ID_LENGTH,
  supplierId,
  supplierSearchText,
} from '../../shared/suppliers/supplier-name.ts';

describe('supplier name folding', () => {
  it.each([
    ['Nueva Esperanza Builders, Inc.', 'NUEVA ESPERANZA BUILDERS INC'],
    ['Nueva Esperanza Builders, Inc.', 'Nueva Esperanza Builders Incorporated'],
    ['Tri-Star Motors Corporation', 'TRI STAR MOTORS CORP.'],
    ['Dela Cruz Enterprises', 'Dela Cruz Enterprise'],
    ['Dela Cruz Enterprises', 'DELA CRUZ ENT.'],
    ['Peñafrancia Hardware and Construction Supply', 'Penafrancia Hardware & Construction Supply'],
    ['J.R.M. Construction and Supply Co., Inc.', 'JRM Construction and Supply'],
    ['  Golden   Harvest Agri-Supply  ', 'Golden Harvest Agri Supply'],
    ['Mabuhay Office Solutions (OPC)', 'Mabuhay Office Solutions'],
    ['San Isidro General Merchandise Co. Ltd.', 'San Isidro General Merchandise'],
    ['Santos’ Catering Services', "Santos' Catering Services"],
  ])('folds %j and %j to one name', (first, second) => {
    expect(foldSupplierName(first)).toBe(foldSupplierName(second));
  });

  it.each([
    // What a company does is part of its name: these may be two companies of one family.
    ['JRM Construction', 'JRM Trading'],
    ['Bayanihan Medical Distributors', 'Bayanihan Medical Supply'],
    // A form word inside the name is the name's, not its form.
    ['Co Builders', 'Builders'],
    ['Enterprise Rent-A-Car Philippines', 'Rent-A-Car Philippines'],
  ])('keeps %j and %j apart', (first, second) => {
    expect(foldSupplierName(first)).not.toBe(foldSupplierName(second));
  });

  it('drops only the trailing form words, and never the whole name', () => {
    expect(foldSupplierName('ABC Trading Co., Inc.')).toBe('abc trading');
    expect(foldSupplierName('Co Builders Corp')).toBe('co builders');
    expect(foldSupplierName('Enterprises, Inc.')).toBe('enterprises');
    expect(foldSupplierName(' -- ')).toBe('--');
    expect(supplierId(foldSupplierName(' -- '))).toBe('--');
  });

  it('gives a stable slug id from the folded name, and leaves room for the PhilGEPS number', () => {
    expect(supplierId(foldSupplierName('Nueva Esperanza Builders, Inc.'))).toBe(
      'nueva-esperanza-builders',
    );
    expect(supplierId(foldSupplierName('NUEVA-ESPERANZA builders incorporated'))).toBe(
      'nueva-esperanza-builders',
    );
    expect(supplierId('nueva esperanza builders', '12345678')).toBe('philgeps-12345678');
  });

  it('keeps a long name’s id short enough for an address, and two long names apart', () => {
    const long =
      'peñafrancia hardware and construction supply and general merchandise of the bicol region';
    const first = supplierId(foldSupplierName(`${long} north`));
    const second = supplierId(foldSupplierName(`${long} south`));
    expect(first.length).toBeLessThanOrEqual(MAX_SUPPLIER_ID_LENGTH);
    expect(first).toMatch(/^penafrancia-hardware-.*-[0-9a-f]{8}$/);
    expect(first).not.toBe(second);
    expect(supplierId(foldSupplierName(`${long.toUpperCase()} NORTH, INC.`))).toBe(first);
  });

  it('reads search text the way names are folded, form words kept', () => {
    expect(supplierSearchText('PEÑAFRANCIA hardware')).toBe('penafrancia hardware');
    expect(supplierSearchText('Builders, Inc.')).toBe('builders inc');
  });
});
