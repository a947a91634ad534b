package main

import (
	"crypto/hmac"
	"crypto/md5"
	"crypto/sha1"
	"encoding/base64"
	"fmt"
	"net/http"
	"sort"
	"strings"

	"github.com/aliyun/aliyun-tablestore-go-sdk/tablestore"
	"github.com/aliyun/aliyun-tablestore-go-sdk/tablestore/otsprotocol"
	"github.com/golang/protobuf/proto"
)

// The four actions the oss backend calls, on the SDK's own protobuf messages (otsprotocol).
// proto.Marshal refuses a message whose required fields are unset, so every answer carries them;
// the fields the SDK dereferences although the .proto marks them optional (capacity units, the
// table options) are filled too.

// otsError is an answer the service documents: its HTTP status, code and message.
type otsError struct {
	status  int
	code    string
	message string
}

func (e *otsError) Error() string { return e.code + ": " + e.message }

func fail(status int, code, format string, args ...any) *otsError {
	return &otsError{status, code, fmt.Sprintf(format, args...)}
}

var (
	errNoTable        = fail(404, "OTSObjectNotExist", "Requested table does not exist.")
	errCondition      = fail(403, "OTSConditionCheckFail", "Condition check failed.")
	errNoInstance     = fail(403, "OTSAuthFailed", "The instance is not found.")
	errSignature      = fail(403, "OTSAuthFailed", "Signature mismatch.")
	errContentMD5     = fail(403, "OTSAuthFailed", "Mismatch between MD5 value of request body and x-ots-contentmd5 in header.")
	errUnknownKey     = fail(403, "OTSAuthFailed", "The AccessKeyID does not exist.")
	errMethod         = fail(405, "OTSMethodNotAllowed", "Only POST method for requests is supported.")
	errUnsupported    = fail(400, "OTSUnsupportOperation", "The fake serves DescribeTable, PutRow, GetRow and DeleteRow only.")
	consumedOneWrite  = &otsprotocol.ConsumedCapacity{CapacityUnit: &otsprotocol.CapacityUnit{Read: proto.Int32(0), Write: proto.Int32(1)}}
	consumedOneRead   = &otsprotocol.ConsumedCapacity{CapacityUnit: &otsprotocol.CapacityUnit{Read: proto.Int32(1), Write: proto.Int32(0)}}
	requiredOTSHeader = []string{"x-ots-date", "x-ots-apiversion", "x-ots-accesskeyid", "x-ots-contentmd5", "x-ots-instancename", "x-ots-signature"}
)

// checkRequest verifies what the service checks before the action: the headers, the body's MD5
// and, when the fake knows the key's secret, the signature (the SDK's ots_header.go: HMAC-SHA1 of
// "/<Action>\nPOST\n\n" and the sorted x-ots-* headers but the signature, each "name:value\n").
func (s *server) checkRequest(req *http.Request, body []byte, entry *logEntry) *otsError {
	if req.Method != http.MethodPost {
		return errMethod
	}
	for _, h := range requiredOTSHeader {
		if req.Header.Get(h) == "" {
			return fail(400, "OTSParameterInvalid", "Missing header: '%s'.", h)
		}
	}
	sum := md5.Sum(body)
	if req.Header.Get("x-ots-contentmd5") != base64.StdEncoding.EncodeToString(sum[:]) {
		return errContentMD5
	}
	secret, known := s.keys[entry.AccessKeyID]
	if !known {
		entry.Signature = "unchecked"
		if len(s.keys) > 0 {
			return errUnknownKey
		}
		return nil
	}
	var names []string
	for name := range req.Header {
		lower := strings.ToLower(name)
		if strings.HasPrefix(lower, "x-ots-") && lower != "x-ots-signature" {
			names = append(names, lower)
		}
	}
	sort.Strings(names)
	toSign := req.URL.Path + "\nPOST\n\n"
	for _, name := range names {
		toSign += name + ":" + strings.TrimSpace(req.Header.Get(name)) + "\n"
	}
	mac := hmac.New(sha1.New, []byte(secret))
	mac.Write([]byte(toSign))
	if !hmac.Equal([]byte(req.Header.Get("x-ots-signature")), []byte(base64.StdEncoding.EncodeToString(mac.Sum(nil)))) {
		entry.Signature = "mismatch"
		return errSignature
	}
	entry.Signature = "ok"
	return nil
}

// request is what an action's request names, decoded before anything is looked up (so the log
// shows it even when the instance or table is refused).
type request struct {
	table   string
	row     row
	cond    *otsprotocol.Condition
	columns []string
	hasMax  bool
}

// decode reads an action's request body.
func decode(action string, body []byte, entry *logEntry) (*request, *otsError) {
	var r request
	var rowBytes []byte
	var err error
	switch action {
	case "DescribeTable":
		m := &otsprotocol.DescribeTableRequest{}
		err = proto.Unmarshal(body, m)
		r.table = m.GetTableName()
	case "PutRow":
		m := &otsprotocol.PutRowRequest{}
		err = proto.Unmarshal(body, m)
		r.table, r.cond, rowBytes = m.GetTableName(), m.GetCondition(), m.GetRow()
	case "GetRow":
		m := &otsprotocol.GetRowRequest{}
		err = proto.Unmarshal(body, m)
		r.table, r.columns, rowBytes, r.hasMax = m.GetTableName(), m.GetColumnsToGet(), m.GetPrimaryKey(), m.MaxVersions != nil || m.TimeRange != nil
	case "DeleteRow":
		m := &otsprotocol.DeleteRowRequest{}
		err = proto.Unmarshal(body, m)
		r.table, r.cond, rowBytes = m.GetTableName(), m.GetCondition(), m.GetPrimaryKey()
	default:
		return nil, errUnsupported
	}
	if err != nil {
		return nil, fail(400, "OTSParameterInvalid", "%s", err)
	}
	entry.Table, entry.ColumnsToGet = r.table, r.columns
	if r.cond != nil {
		entry.Condition = r.cond.GetRowExistence().String()
	}
	if action != "DescribeTable" {
		if r.row, err = decodeRow(rowBytes); err != nil {
			return nil, fail(400, "OTSParameterInvalid", "%s", err)
		}
		entry.PrimaryKey, entry.Columns = cellMap(r.row.pk), cellMap(r.row.columns)
	}
	return &r, nil
}

// act runs one action on the instance's tables and returns its answer.
func (s *server) act(action, instance string, body []byte, entry *logEntry) (proto.Message, *otsError) {
	r, e := decode(action, body, entry)
	if e != nil {
		return nil, e
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	tables, ok := s.instances[instanceKey(instance)]
	if !ok {
		return nil, errNoInstance
	}
	t, ok := tables[r.table]
	if !ok {
		return nil, errNoTable
	}
	switch action {
	case "DescribeTable":
		return t.describe(), nil
	case "PutRow":
		if e := t.put(r.row, r.cond); e != nil {
			return nil, e
		}
		return &otsprotocol.PutRowResponse{Consumed: consumedOneWrite}, nil
	case "GetRow":
		if !r.hasMax {
			return nil, fail(400, "OTSParameterInvalid", "max_versions or time_range must be set.")
		}
		found, e := t.get(r.row.pk, r.columns)
		if e != nil {
			return nil, e
		}
		entry.Found = proto.Bool(found != nil)
		if found == nil {
			return &otsprotocol.GetRowResponse{Consumed: consumedOneRead, Row: []byte{}}, nil
		}
		return &otsprotocol.GetRowResponse{Consumed: consumedOneRead, Row: encodeRow(found)}, nil
	default: // DeleteRow
		if !r.row.deleteMarker {
			return nil, fail(400, "OTSParameterInvalid", "a DeleteRow primary key has no delete marker.")
		}
		if e := t.delete(r.row.pk, r.cond); e != nil {
			return nil, e
		}
		return &otsprotocol.DeleteRowResponse{Consumed: consumedOneWrite}, nil
	}
}

// describe answers DescribeTable: the table's name and primary key, and every field the SDK reads.
func (t *table) describe() *otsprotocol.DescribeTableResponse {
	meta := &otsprotocol.TableMeta{TableName: proto.String(t.name)}
	for _, k := range t.key {
		meta.PrimaryKey = append(meta.PrimaryKey, &otsprotocol.PrimaryKeySchema{Name: proto.String(k.Name), Type: k.pbType().Enum()})
	}
	return &otsprotocol.DescribeTableResponse{
		TableMeta: meta,
		ReservedThroughputDetails: &otsprotocol.ReservedThroughputDetails{
			CapacityUnit:     &otsprotocol.CapacityUnit{Read: proto.Int32(0), Write: proto.Int32(0)},
			LastIncreaseTime: proto.Int64(t.created),
		},
		TableOptions: &otsprotocol.TableOptions{
			TimeToLive: proto.Int32(-1), MaxVersions: proto.Int32(1), DeviationCellVersionInSec: proto.Int64(86400),
		},
		TableStatus: otsprotocol.TableStatus_ACTIVE.Enum(),
	}
}

// encodeRow writes a row with the SDK's own PlainBuffer writer.
func encodeRow(r *row) []byte {
	change := &tablestore.PutRowChange{PrimaryKey: &tablestore.PrimaryKey{}}
	for _, c := range r.pk {
		change.PrimaryKey.AddPrimaryKeyColumn(c.name, c.value)
	}
	for _, c := range r.columns {
		change.AddColumn(c.name, c.value)
	}
	return change.Serialize()
}

// cellMap is how the log shows cells: name to value (binary values in base64).
func cellMap(cells []cell) map[string]any {
	if len(cells) == 0 {
		return nil
	}
	out := map[string]any{}
	for _, c := range cells {
		if b, ok := c.value.([]byte); ok {
			out[c.name] = base64.StdEncoding.EncodeToString(b)
		} else {
			out[c.name] = c.value
		}
	}
	return out
}
