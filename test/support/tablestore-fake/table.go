package main

import (
	"fmt"
	"sort"

	"github.com/aliyun/aliyun-tablestore-go-sdk/tablestore/otsprotocol"
)

// In-memory tables: rows by primary key, one version per cell (the lock table's options: max
// versions 1, no TTL). Conditions are row existence only (IGNORE, EXPECT_EXIST,
// EXPECT_NOT_EXIST); a column condition is refused, as the backend never sends one.

type keyColumn struct {
	Name string `json:"name"`
	Type string `json:"type"` // STRING, INTEGER or BINARY
}

func (k keyColumn) pbType() otsprotocol.PrimaryKeyType {
	return otsprotocol.PrimaryKeyType(otsprotocol.PrimaryKeyType_value[k.Type])
}

func (k keyColumn) holds(v any) bool {
	switch v.(type) {
	case string:
		return k.Type == "STRING"
	case int64:
		return k.Type == "INTEGER"
	case []byte:
		return k.Type == "BINARY"
	}
	return false
}

type table struct {
	name    string
	key     []keyColumn
	created int64
	rows    map[string]*row
}

// rowID checks a primary key against the table's schema (names, order and types, as the service
// does) and gives the map key of its row.
func (t *table) rowID(pk []cell) (string, *otsError) {
	if len(pk) != len(t.key) {
		return "", fail(400, "OTSParameterInvalid", "The number of primary key columns must be %d, got %d.", len(t.key), len(pk))
	}
	id := ""
	for i, k := range t.key {
		if pk[i].name != k.Name || !k.holds(pk[i].value) {
			return "", fail(400, "OTSParameterInvalid", "Validate PK name or type fail. Input: %s, Meta: %s %s.", pk[i].name, k.Name, k.Type)
		}
		id += fmt.Sprintf("%q;", fmt.Sprint(pk[i].value))
	}
	return id, nil
}

// existence checks a row condition against whether the row exists.
func existence(cond *otsprotocol.Condition, exists bool) *otsError {
	if cond == nil {
		return fail(400, "OTSParameterInvalid", "condition must be set.")
	}
	if len(cond.GetColumnCondition()) > 0 {
		return fail(400, "OTSParameterInvalid", "The fake checks row existence only, not column conditions.")
	}
	switch cond.GetRowExistence() {
	case otsprotocol.RowExistenceExpectation_EXPECT_EXIST:
		if !exists {
			return errCondition
		}
	case otsprotocol.RowExistenceExpectation_EXPECT_NOT_EXIST:
		if exists {
			return errCondition
		}
	}
	return nil
}

func (t *table) put(r row, cond *otsprotocol.Condition) *otsError {
	id, e := t.rowID(r.pk)
	if e != nil {
		return e
	}
	if e := existence(cond, t.rows[id] != nil); e != nil {
		return e
	}
	if r.deleteMarker {
		return fail(400, "OTSParameterInvalid", "a PutRow row has a delete marker.")
	}
	for _, c := range r.columns {
		if c.value == nil {
			return fail(400, "OTSParameterInvalid", "column %s has no value.", c.name)
		}
	}
	t.rows[id] = &row{pk: r.pk, columns: r.columns}
	return nil
}

// get returns the row with the columns asked for (all when none), or nil when there is none.
func (t *table) get(pk []cell, columns []string) (*row, *otsError) {
	id, e := t.rowID(pk)
	if e != nil {
		return nil, e
	}
	found := t.rows[id]
	if found == nil {
		return nil, nil
	}
	if len(columns) == 0 {
		return found, nil
	}
	wanted := map[string]bool{}
	for _, c := range columns {
		wanted[c] = true
	}
	out := &row{pk: found.pk}
	for _, c := range found.columns {
		if wanted[c.name] {
			out.columns = append(out.columns, c)
		}
	}
	return out, nil
}

func (t *table) delete(pk []cell, cond *otsprotocol.Condition) *otsError {
	id, e := t.rowID(pk)
	if e != nil {
		return e
	}
	if e := existence(cond, t.rows[id] != nil); e != nil {
		return e
	}
	delete(t.rows, id)
	return nil
}

// dump lists the rows for the control API, sorted by primary key.
func (t *table) dump() []map[string]any {
	ids := make([]string, 0, len(t.rows))
	for id := range t.rows {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	out := []map[string]any{}
	for _, id := range ids {
		r := t.rows[id]
		out = append(out, map[string]any{"primaryKey": cellMap(r.pk), "columns": cellMap(r.columns)})
	}
	return out
}
