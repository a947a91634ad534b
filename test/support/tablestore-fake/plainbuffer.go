package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// PlainBuffer, the row encoding of the TableStore protocol (the SDK's tablestore/plain_buffer.go
// writes it; its readers are unexported, so the fake reads rows here and writes them with the
// SDK's exported PutRowChange.Serialize). Every checksum is verified: a row the SDK would not have
// written is refused, as the service refuses it.

const (
	pbHeader         = 0x75
	tagRowPK         = 0x1
	tagRowData       = 0x2
	tagCell          = 0x3
	tagCellName      = 0x4
	tagCellValue     = 0x5
	tagCellType      = 0x6
	tagCellTimestamp = 0x7
	tagDeleteMarker  = 0x8
	tagRowChecksum   = 0x9
	tagCellChecksum  = 0xA

	vtInteger       = 0x0
	vtDouble        = 0x1
	vtBoolean       = 0x2
	vtString        = 0x3
	vtBlob          = 0x7
	vtInfMin        = 0x9
	vtInfMax        = 0xa
	vtAutoIncrement = 0xb
)

// A cell: its name and value (string, int64, []byte, bool or float64).
type cell struct {
	name  string
	value any
}

type row struct {
	pk           []cell
	columns      []cell
	deleteMarker bool
}

var crc8Table = func() (t [256]byte) {
	for i := range t {
		x := byte(i)
		for j := 0; j < 8; j++ {
			if x&0x80 != 0 {
				x = x<<1 ^ 0x07
			} else {
				x <<= 1
			}
		}
		t[i] = x
	}
	return
}()

func crc8(crc byte, in ...byte) byte {
	for _, b := range in {
		crc = crc8Table[crc^b]
	}
	return crc
}

func le32(v int32) []byte { return binary.LittleEndian.AppendUint32(nil, uint32(v)) }
func le64(v int64) []byte { return binary.LittleEndian.AppendUint64(nil, uint64(v)) }

type reader struct{ r *bytes.Reader }

var errShort = errors.New("plain buffer ends early")

func (p reader) byte() byte {
	b, err := p.r.ReadByte()
	if err != nil {
		panic(errShort)
	}
	return b
}

func (p reader) peek() (byte, bool) {
	b, err := p.r.ReadByte()
	if err != nil {
		return 0, false
	}
	_ = p.r.UnreadByte()
	return b, true
}

func (p reader) int32() int32 {
	var v int32
	if binary.Read(p.r, binary.LittleEndian, &v) != nil {
		panic(errShort)
	}
	return v
}

func (p reader) int64() int64 {
	var v int64
	if binary.Read(p.r, binary.LittleEndian, &v) != nil {
		panic(errShort)
	}
	return v
}

func (p reader) bytes(n int32) []byte {
	if n < 0 || int(n) > p.r.Len() {
		panic(errShort)
	}
	b := make([]byte, n)
	_, _ = p.r.Read(b)
	return b
}

func (p reader) expect(tag byte) {
	if got := p.byte(); got != tag {
		panic(fmt.Errorf("plain buffer: tag 0x%x where 0x%x was expected", got, tag))
	}
}

// value reads a cell value and folds it into the cell's checksum.
func (p reader) value(crc byte) (any, byte) {
	p.int32() // the value's length, type byte included
	t := p.byte()
	crc = crc8(crc, t)
	switch t {
	case vtInteger:
		v := p.int64()
		return v, crc8(crc, le64(v)...)
	case vtDouble:
		v := p.int64()
		return math.Float64frombits(uint64(v)), crc8(crc, le64(v)...)
	case vtBoolean:
		v := p.byte()
		return v != 0, crc8(crc, v)
	case vtString, vtBlob:
		n := p.int32()
		b := p.bytes(n)
		crc = crc8(crc8(crc, le32(n)...), b...)
		if t == vtString {
			return string(b), crc
		}
		return b, crc
	case vtInfMin, vtInfMax, vtAutoIncrement:
		return nil, crc
	}
	panic(fmt.Errorf("plain buffer: unknown value type 0x%x", t))
}

func (p reader) cell() (cell, byte) {
	p.expect(tagCellName)
	name := p.bytes(p.int32())
	crc := crc8(0, name...)
	c := cell{name: string(name)}
	tag := p.byte()
	if tag == tagCellValue {
		c.value, crc = p.value(crc)
		tag = p.byte()
	}
	var cellType []byte
	if tag == tagCellType {
		cellType = []byte{p.byte()}
		tag = p.byte()
	}
	if tag == tagCellTimestamp {
		crc = crc8(crc, le64(p.int64())...)
		tag = p.byte()
	}
	crc = crc8(crc, cellType...)
	if tag != tagCellChecksum {
		panic(fmt.Errorf("plain buffer: cell %q has no checksum", c.name))
	}
	if sum := p.byte(); sum != crc {
		panic(fmt.Errorf("plain buffer: cell %q checksum 0x%x, computed 0x%x", c.name, sum, crc))
	}
	return c, crc
}

func (p reader) cells(rowCrc byte) ([]cell, byte) {
	var out []cell
	for {
		if tag, ok := p.peek(); !ok || tag != tagCell {
			return out, rowCrc
		}
		p.byte()
		c, crc := p.cell()
		out = append(out, c)
		rowCrc = crc8(rowCrc, crc)
	}
}

// decodeRow reads one row with its header, as a request's `row` or `primary_key` holds it.
func decodeRow(b []byte) (r row, err error) {
	defer func() {
		if e := recover(); e != nil {
			if e2, ok := e.(error); ok {
				err = e2
				return
			}
			panic(e)
		}
	}()
	p := reader{bytes.NewReader(b)}
	if p.int32() != pbHeader {
		return r, errors.New("plain buffer: bad header")
	}
	var crc byte
	p.expect(tagRowPK)
	r.pk, crc = p.cells(crc)
	if tag, ok := p.peek(); ok && tag == tagRowData {
		p.byte()
		r.columns, crc = p.cells(crc)
	}
	if tag, ok := p.peek(); ok && tag == tagDeleteMarker {
		p.byte()
		r.deleteMarker = true
		crc = crc8(crc, 1)
	} else {
		crc = crc8(crc, 0)
	}
	p.expect(tagRowChecksum)
	if sum := p.byte(); sum != crc {
		return r, fmt.Errorf("plain buffer: row checksum 0x%x, computed 0x%x", sum, crc)
	}
	if p.r.Len() != 0 {
		return r, errors.New("plain buffer: bytes after the row")
	}
	return r, nil
}
