package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// A file the command could not read was named twice: the message named
// it ("--data @f.json", "item x=@f", "--spec: openapi: \"f.json\"") and
// then gave os.Open's error, which names it again ("open f.json: …").
var _ = Describe("regression: a file that cannot be read is named once", func() {
	var dir string
	BeforeEach(func() {
		dir = GinkgoT().TempDir()
		Expect(os.Mkdir(filepath.Join(dir, "adir.json"), 0o700)).To(Succeed())
	})

	expectOnce := func(err error, name string, notExist bool) {
		GinkgoHelper()
		Expect(err).To(HaveOccurred())
		Expect(strings.Count(err.Error(), name)).To(Equal(1), err.Error())
		Expect(errors.Is(err, fs.ErrNotExist)).To(Equal(notExist), err.Error())
		var pe *fs.PathError
		Expect(errors.As(err, &pe)).To(BeTrue(), err.Error())
		Expect(pe.Path).To(Equal(name))
	}

	It("in --data @file, an item's =@file and :=@file, --defaults and --spec", func() {
		for _, c := range []struct {
			base     string
			notExist bool
		}{{"nope-file.json", true}, {"adir.json", false}} {
			name := filepath.Join(dir, c.base)

			cmd := &command{cfg: &config{data: "@" + name}}
			_, err := cmd.readData(false)
			expectOnce(err, name, c.notExist)
			Expect(err.Error()).To(HavePrefix("--data @" + name + ": "))
			_, err = cmd.readData(true)
			expectOnce(err, name, c.notExist)

			for _, kind := range []itemKind{itemParamFile, itemJSONFile} {
				_, err = readItemFile(item{Kind: kind, Name: "body", Value: name})
				expectOnce(err, name, c.notExist)
			}

			cmd = &command{cfg: &config{defaults: listFlag{name}}}
			_, err = cmd.endpoint(nil)
			expectOnce(err, name, c.notExist)
			Expect(err.Error()).To(HavePrefix("--defaults " + name + ": "))

			_, err = loadSpec(name)
			expectOnce(err, name, c.notExist)
		}
	})

	It("says the cause after the name", func() {
		name := filepath.Join(dir, "nope-file.json")
		_, err := readItemFile(item{Kind: itemParamFile, Name: "body", Value: name})
		Expect(err.Error()).To(HavePrefix("item body=@" + name + ": open: no such file or directory (a value that starts with @"))
		_, err = loadSpec(name)
		Expect(err.Error()).To(Equal(`--spec: openapi: "` + name + `": open: no such file or directory`))
	})
})
